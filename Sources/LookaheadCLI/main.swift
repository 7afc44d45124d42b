import Foundation
import LookaheadCommandSupport
import LookaheadCommands

exit(LookaheadCLI.run(Array(CommandLine.arguments.dropFirst()), console: .standard))
