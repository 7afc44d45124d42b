import Foundation
import LookaheadCommandSupport
import LookaheadLiveCommands

exit(await LiveCLI.run(Array(CommandLine.arguments.dropFirst()), console: .standard))
