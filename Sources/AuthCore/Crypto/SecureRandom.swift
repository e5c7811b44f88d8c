// placeholder, replaced by the crypto work
public enum AuthCryptoPlaceholder {}
