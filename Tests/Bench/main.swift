// `authctl-bench`: verification throughput of a release build, one `name value` line per figure,
// for the Makefile to print beside `openssl speed -seconds 1 rsa2048 ecdsap256`.
//
//   rs256_2048_verify_per_s <n>   RSASSA-PKCS1-v1_5 SHA-256, 2048-bit key (includes hashing)
//   es256_verify_per_s <n>        ECDSA P-256 SHA-256, 64-byte r ‖ s (includes hashing)
//
// Each figure is the median of 3 runs of about 1 s after a warm-up. Keys are parsed once, as a
// JWK set cache would; signatures come from the fixed test keys.
//
// Time is this process's CPU time, not wall-clock time: `openssl speed` also divides by CPU time
// (unless given -elapsed), so on a shared, busy machine both sides are skewed alike.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AuthCrypto
import AuthTestSupport

/// CPU time consumed by this process, in seconds.
func processCPUSeconds() -> Double {
    var now = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) == 0 else { fatalError("clock_gettime failed") }
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Runs `operation` in batches until `seconds` of CPU time have passed; returns operations per
/// CPU second.
func measure(seconds: Double, _ operation: () -> Bool) -> Double {
    let start = processCPUSeconds()
    var count = 0
    var elapsed = 0.0
    repeat {
        for _ in 0..<16 {
            guard operation() else { fatalError("benchmark signature did not verify") }
        }
        count += 16
        elapsed = processCPUSeconds() - start
    } while elapsed < seconds
    return Double(count) / elapsed
}

func medianOfThree(_ operation: () -> Bool) -> Int {
    _ = measure(seconds: 0.3, operation)   // warm-up: caches, lazy tables, CPU frequency
    let runs = (0..<3).map { _ in measure(seconds: 1.0, operation) }.sorted()
    return Int(runs[1] + 0.5)
}

let message = Array("eyJhbGciOiJSUzI1NiIsImtpZCI6ImJlbmNoIn0.eyJpc3MiOiJodHRwczovL2lkcC5leGFtcGxlIiwic3ViIjoiYmVuY2gifQ".utf8)

let rsaSigner = TestRSAKey.primary
let rsaKey = try RSAPublicKey(modulus: rsaSigner.modulus, exponent: rsaSigner.publicExponent)
let rsaSignature = rsaSigner.signPKCS1v15SHA256(message)
print("rs256_2048_verify_per_s", medianOfThree { rsaKey.isValidPKCS1v15SHA256Signature(rsaSignature, for: message) })

let ecSigner = TestP256Key.primary
let ecKey = try P256PublicKey(x: ecSigner.x, y: ecSigner.y)
let ecSignature = ecSigner.signES256(message, nonce: SHA256.hash(Array("authctl-bench nonce".utf8)))
print("es256_verify_per_s", medianOfThree { ecKey.isValidES256Signature(ecSignature, for: message) })
