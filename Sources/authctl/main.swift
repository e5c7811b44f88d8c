import AuthCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(AuthCommandLine.runBlocking(arguments: Array(CommandLine.arguments.dropFirst()), context: .live()).rawValue)
