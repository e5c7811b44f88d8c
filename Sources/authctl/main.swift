import AuthCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(await AuthCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .live()).rawValue)
