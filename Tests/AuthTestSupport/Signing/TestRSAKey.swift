import AuthCrypto

/// Fixed RSA key pairs for signing test tokens. They were generated once with `openssl genrsa`
/// for this project's tests and are public: never trust them anywhere else. Signing uses
/// `InsecureVariableTimeArithmetic` (slow and variable-time), which is fine for fixtures only.
package struct TestRSAKey: Sendable {
    /// n, big-endian.
    package let modulus: [UInt8]
    /// e = 65537, big-endian.
    package let publicExponent: [UInt8] = [0x01, 0x00, 0x01]
    /// d, big-endian.
    private let privateExponent: [UInt8]

    private init(modulusHex: String, privateExponentHex: String) {
        modulus = TestSigningHex.decode(modulusHex)
        privateExponent = TestSigningHex.decode(privateExponentHex)
    }

    /// Octet length k of the modulus.
    private var byteCount: Int { modulus.count }
    private var bitCount: Int { modulus.count * 8 - modulus[0].leadingZeroBitCount }

    /// RS256: RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §8.2.1, EMSA-PKCS1-v1_5 §9.2).
    package func signPKCS1v15SHA256(_ message: [UInt8]) -> [UInt8] {
        let digestInfo: [UInt8] = [
            0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
        ] + SHA256.hash(message)
        let padding = [UInt8](repeating: 0xff, count: byteCount - digestInfo.count - 3)
        let encoded: [UInt8] = [0x00, 0x01] + padding + [0x00] + digestInfo
        return InsecureVariableTimeArithmetic.modularPower(encoded, exponent: privateExponent, modulus: modulus)
    }

    /// PS256: RSASSA-PSS with SHA-256 and MGF1-SHA-256 (RFC 8017 §8.1.1, EMSA-PSS-ENCODE §9.1.1);
    /// the salt length is `salt.count` (JOSE uses 32).
    package func signPSSSHA256(_ message: [UInt8], salt: [UInt8]) -> [UInt8] {
        let hashLength = SHA256.digestByteCount
        let emBits = bitCount - 1
        let emLength = (emBits + 7) / 8
        precondition(emLength >= hashLength + salt.count + 2, "salt too long for this key")
        let mPrime = [UInt8](repeating: 0, count: 8) + SHA256.hash(message) + salt
        let h = SHA256.hash(mPrime)
        let db = [UInt8](repeating: 0, count: emLength - salt.count - hashLength - 2) + [0x01] + salt
        var maskedDB = zip(db, Self.mgf1(seed: h, length: db.count)).map { $0 ^ $1 }
        maskedDB[0] &= 0xff >> UInt8(8 * emLength - emBits)
        let encoded = [UInt8](repeating: 0, count: byteCount - emLength) + maskedDB + h + [0xbc]
        return InsecureVariableTimeArithmetic.modularPower(encoded, exponent: privateExponent, modulus: modulus)
    }

    private static func mgf1(seed: [UInt8], length: Int) -> [UInt8] {
        var output: [UInt8] = []
        var counter: UInt32 = 0
        while output.count < length {
            let counterBytes = (0..<4).map { UInt8(truncatingIfNeeded: counter >> UInt32(24 - 8 * $0)) }
            output += SHA256.hash(seed + counterBytes)
            counter += 1
        }
        return Array(output.prefix(length))
    }

    /// A 2048-bit key.
    package static let primary = TestRSAKey(
        modulusHex: """
            c30cdd08ab9c841b35cb2b49ac85a1ce28f73da95640380bc46ba001720808f60d6ece5f237e2bee654607d7030e45cb
            f87383aaa1eae588902e1b59a4b1774e72b132b00d4f5e70bc39d4938f7b79058366e5c4adab142e26cb0fcc9238f097
            c4b6401cbfea5a029eb24aeca352143a89790775e40f0524cd640e6c79afb390bd3bac51aafd42b398bac602503e89f5
            98183899f448a26aa9f0918b370321052fc651f27a5283934e43d7a8bf02394604349e76c44a841bf8a2d62a42e131c0
            f68256d85978a4a271a9288b2095ca999a7a769bb3a98c9437b2a5b3da3955da3f061286e4927470d8996701e870d1ac
            0c50dc83c6887711c368d5924e0043d7
            """,
        privateExponentHex: """
            4d9b64a6fa81401f037c5f30e530167d4cd772f559981bb4b2e68fb78383a6ed1fd322d1bff187d1470262442eb71316
            6138b4fec3860ee613580511d9f1b2a2c807b13f534c6d2b35f95c9789d37b07b28cd2873b0282f909fe69bedfbf401b
            62ed90fcdf6f8378df63d963e667d61ca46e3f85acc43d2bb37d482fe90afbcabc8fdcc1dfeae3e787abeced63c2011d
            af25e4209fa8a0cbab472f082da34d651558da89a4b8f9371fbc8333644407a99208b1f46d3cb31ce91eb98c21ff9827
            fc8c17d8d8d21d05de2fcc56af90dbd0507861763406478888234302d17648ae4b536bc383c556bf2d320c7b7e13d0ef
            e498a8663497dfe3a15cf6876c525481
            """)

    /// A second 2048-bit key, for key-rotation tests.
    package static let secondary = TestRSAKey(
        modulusHex: """
            e3feaf94ff5cf15748a4887e29774123b4436f4f61e6f73d3991942028839e49f9aee6e8fb963c76b03087acba73f59b
            1b410689b3361bdfa6a5a506442c23d0eeac520788ee4fe728e9d74cef01d913ccb1c3c993b8a078def01b022a328a71
            114574052d828816f9f6d3840a6aad946cafab9c5b4323e433ff7e2915807b6a79d8a9cf1cf17dd21a7435bc2d64eaf9
            f1610bfacfd291810689d0bbb7785e1958c0f2f580ce7f881d4733f6b8c12ce069e04c2d5762d660d973768a01e130c5
            ae0b5d0bd4ff135fb2908631397f8fc8f4416f706a9178a5d3d853eb4dde1e85b7ca1789a24dad678c53618a57100a63
            0d6c866a7cbbf9cd4e73f2e6c4fd6633
            """,
        privateExponentHex: """
            5fd18ecb48d32fdea5f9f81f45a007f1507632d6a2e7a5aac6820745c8a1202a28d437d95cbad428717dc3d774f8fd14
            b5cc8b49ddd674ba76d810d5e45ac4a6af581e956a17f5dec994155710efaee2a2596756554df7ab34cea61b2fced3de
            170b206a78a8ee36f1d0a92e4a0e716afa8e8dca0594df05ae50c71dcf1a9342ee26f24183e523b2cfbef16f78521afd
            1b07c36209a42bab3a6af9f300d7febecc1faa62dfe7118737cf10c2b80ea23a010c2f604bd155b680ca462378974064
            0a0cce48114ca81c18dd0a2d376928caf1d244ec831dc4aa78a7f1567c0a2ef289f5e0eeed76e3da02f73dedb87c819d
            e6070fb3b9b393fa04a5168e9573edf9
            """)

    /// A 4096-bit key (the largest RSAPublicKey accepts).
    package static let large = TestRSAKey(
        modulusHex: """
            da16a696ac69a99d67fe05ee3222ac56582afb08034490b5a82de5c650c07205ea0370aaf755a1cee1759aa2e33a9ff4
            a130abc7fdba2c1e26a584ef0bc0bef08cbf631b7b16d6c6ad6874ecea099f176534936b2aaa5acd2c282450396b84cd
            d3e815d94dcf163b636a805b4c4c778566995464c5c0dc1635c0a37c2fb8143b3dbe1c762b45375e8c6d9dc43dc9bdca
            50ba8ea7c4ca95d96bff376d9bda76b7624c1ea1d2d49862f0ad6445ea2fd1e3ea6d2321a1394fd3f909a8d1ae3211ad
            c337f7ba0d5ff88f08dd5cba7acc064af0397aeb645bb1cee4377c2e2f495ad168fc5a401940a10a84166d1cbdcd6d74
            9037438559d784722a14e59074121b406f65139795153328334dd8fe456bc74c265cafc90465951996365aea599a5f2a
            d01a7a442e1b176d431265460bc22f0bbc8760fe480578f6595822b7f993676cb6483954c2e2ed52fa9116428f75796f
            c76710611512de3fb56425dc993ccbcd0a15c41153879af4031a2b2bc87f8d7aefade72b67ebb3484472e039f7d7a9cc
            796ede9ff0d9f858858c4c061dc9ca121066cf26be760bdd4d268128a3cccdd041d6225c889e4cf0c110618f3606a8d9
            08d4eda55b60da399c86c3c5cb3a7052db64e4d788ccb4edc8e515b29566894162b5bb8c4426c7a0309fb2e8431c7bd1
            d3fb8aad816e665c5dcf510300f8071f28547fe83a4d844910bfd08b21bac47d
            """,
        privateExponentHex: """
            0b8a5f4e61d9458c7ad04a680c67214f8062e5ddcaae7a29e2b86b0c4f819f8708971e032e0b6e009095b49522091c25
            c9d1d58543bbf251b621d423023034ea6dc842ea555d2408676cbba33dcf3c87f4670fd5ffeffbd6179c182fd69a05f1
            0e619da65e23b33d79494d798754148f0e9ad6886e9e8206fad932cd8388ee29245f470a49c7e3e230f42c011273f683
            1a3a850a03b3e4b218b0ecb1f4295f56dcf0c23e35f5e20a7a49f2a070800f4f4c3c723b79589b0cd084de561a2db419
            c9d6d0591c1414071da4f91f35184eccf0615a4bd287b7a50716988fa918eca16038da5dc1f8558d44e81ae606753471
            92a01a0698767b1fbf7253a38d40d8083bdaea4a9a3adae17d29515e4bdc5dfadf8d7a951ca7b3b6be897cc9a54400c6
            c25bb6495a1dd448f417889960f62b549b46d4635f0bdd75af0bfbbfdafb750423a82f4ce522595be1945b861bb94625
            205e6ebb3578bcf725c11f3362bcb8a1269882f71f73eb7048b635ee95e9eee6390171ec3ec2a1f7cec4066c2e35b925
            c3e5827a19bbbee1d3bcf7c57b186d94144507537948178896f209e376cee7c0702e8824b26f0cb025130a740faf0108
            86bc050e54b8db559a63035605be08837091d158f2bc8e1d27826c7f0601fe295ccc87f15235845ad72bd6616cf207ff
            ee158d333596dbddbe66b82010fa1ef1bbb8e24d01f485472cd7711a51faebd1
            """)

    /// A 1024-bit key, which RSAPublicKey must refuse.
    package static let weak1024 = TestRSAKey(
        modulusHex: """
            d2b56e4ba7a92ff0c92b098c45c65c0c9f8b118677598b70688aed43c3586e445134cf64d56ce65c6946a1d63e86598f
            7327cbe9973f9ee542d4f1ca253ade9df94410c3db143132e17f538bae8ead2803cdc053209e62422ec1ddde4c9123d3
            b0f43668a26547e6cd333a2faecd9fd907ee0cb4c457528839c57f9db8afba99
            """,
        privateExponentHex: """
            73d16431d3938c95668df06e98ffc222f22327dbe88860bbc5caef45baff4584e9ba0471615abd78782969d57082ba81
            be0356f32bbebda138ce01a562376c9b1b1a602ed745ed47a61c3012faacedcd939d5931053ee4a46f72dc62889d5453
            d8be7c5361a1fedb2b0a11c89c1fc265609e363d61c63ceb4ea8e6b1c9cb8201
            """)
}
