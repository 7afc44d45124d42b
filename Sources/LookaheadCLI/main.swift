import Foundation
import LookaheadCommands

exit(LookaheadCLI.run(Array(CommandLine.arguments.dropFirst()), console: .standard))
