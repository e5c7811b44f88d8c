public enum AuthTestSupportPlaceholder {}
