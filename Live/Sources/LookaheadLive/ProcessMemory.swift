import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The memory this process uses, as the kernel counts it.
///
/// A namespace; thread-safe.
public enum ProcessMemory {
  /// The largest resident set the process has had since it started, in bytes
  /// (`getrusage`'s `ru_maxrss`).
  public static var peakResidentBytes: Int {
    var usage = rusage()
    #if canImport(Darwin)
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss)  // bytes on Apple platforms
    #else
      guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
  }
}
