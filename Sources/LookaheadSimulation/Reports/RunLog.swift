/// A run's frame records and load decisions as CSV, to read in a spreadsheet or a
/// script (`lookahead simulate --frames FILE --loads FILE`).
///
/// Numbers use Swift's shortest round-trip representation, as trace files do, so the
/// same run always gives the same bytes. Lists inside a field are separated by `;`.
///
/// A namespace of pure functions; thread-safe.
public enum RunLog {
  /// The header of ``framesCSV(_:)``.
  public static let framesHeader =
    "t_ms,offset_pt,velocity_pt_s,phase,visible_first,visible_end,loaded_items,stalled,"
    + "images_in_flight,blank,wanted"

  /// The header of ``loadsCSV(_:)``.
  public static let loadsHeader = "t_ms,event,kind,index,bytes,source"

  /// One line per frame after ``framesHeader``: the frame's time, offset and velocity,
  /// the tracker's phase, the visible items as a half-open range
  /// (`visible_first..<visible_end`), how many items are loaded, whether the list
  /// stalled (`1`) or not (`0`), the image loads in flight, then the blank items and the
  /// items the policy wanted, each as a `;`-separated list.
  ///
  /// - Complexity: O(*f* · *w*) for *f* frames of at most *w* listed items.
  public static func framesCSV(_ frames: [FrameRecord]) -> String {
    var text = framesHeader + "\n"
    for frame in frames {
      let columns = [
        frame.time.description, frame.offset.description, frame.velocity.description,
        frame.phase.description, String(frame.visible.lowerBound),
        String(frame.visible.upperBound), String(frame.loadedItemCount),
        frame.isStalled ? "1" : "0", String(frame.imagesInFlight), list(frame.blank),
        list(frame.wanted),
      ]
      text += columns.joined(separator: ",") + "\n"
    }
    return text
  }

  /// One line per decision after ``loadsHeader``: its time; the event (`started`,
  /// `cancelled`, `page_requested` or `completed`); the resource's kind (`image` or
  /// `page`) and index (the item, or the page number); for `completed`, its bytes and
  /// whether they came from the `network` or the `disk` tier; for `cancelled`, the
  /// bytes that had arrived before the cancellation.
  ///
  /// - Complexity: O(*n*) for *n* decisions.
  public static func loadsCSV(_ decisions: [SimulationDecision]) -> String {
    var text = loadsHeader + "\n"
    for decision in decisions {
      let columns: [String] =
        switch decision {
        case .started(let item, _): ["started", "image", String(item), "", ""]
        case .cancelled(let item, _, let bytes):
          ["cancelled", "image", String(item), String(bytes), ""]
        case .pageRequested(let page, _): ["page_requested", "page", String(page), "", ""]
        case .completed(let completion):
          [
            "completed", completion.key.kind == .image ? "image" : "page",
            String(completion.key.index), String(completion.bytes),
            completion.source == .network ? "network" : "disk",
          ]
        }
      text += ([decision.time.description] + columns).joined(separator: ",") + "\n"
    }
    return text
  }

  private static func list(_ items: [Int]) -> String {
    items.map(String.init).joined(separator: ";")
  }
}
