import AuthCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = AuthCommandLine.arguments(invokedAs: CommandLine.arguments[0], Array(CommandLine.arguments.dropFirst()))
exit(AuthCommandLine.runBlocking(arguments: arguments, context: .live()).rawValue)
