extension ComparisonChart {
  /// A label's position next to its point.
  struct PlacedLabel {
    /// The x of the text anchor.
    var x: Double
    /// The y of the text baseline.
    var baseline: Double
    /// Whether the text ends at `x` (it would overflow the plot to the right).
    var isLeftOfPoint: Bool
    /// Whether the label was moved away from its natural place.
    var isDisplaced: Bool
    /// Where a leader line from the point meets the label.
    var anchor: (x: Double, y: Double)
  }

  /// Greedy label placement: each label goes right of its point (left when it would leave
  /// the plot), at the first vertical offset (0, +12, −12, +24, …) where its box overlaps
  /// no earlier label. Text widths are estimated (0.6 em per character), which is enough
  /// to keep generic sans-serif labels apart.
  struct LabelPlacer {
    static let lineHeight = 12.0
    static let characterWidth = 6.6

    let bounds: (left: Double, right: Double, top: Double, bottom: Double)
    private var boxes: [(left: Double, right: Double, top: Double, bottom: Double)] = []

    init(bounds: (left: Double, right: Double, top: Double, bottom: Double)) {
      self.bounds = bounds
    }

    mutating func place(_ text: String, at point: (x: Double, y: Double)) -> PlacedLabel {
      let width = Double(text.count) * Self.characterWidth
      let isLeft = point.x + 6 + width > bounds.right
      let left = isLeft ? point.x - 6 - width : point.x + 6
      let natural = point.y - 5
      var candidate = natural
      for step in 0..<40 {
        let offset = Double((step + 1) / 2) * Self.lineHeight * (step % 2 == 0 ? 1 : -1)
        candidate = natural + offset
        let box = (
          left: left, right: left + width, top: candidate - Self.lineHeight + 2,
          bottom: candidate + 2
        )
        let isInside = box.top >= bounds.top - 20 && box.bottom <= bounds.bottom + 14
        if isInside && !boxes.contains(where: { Self.overlap($0, box) }) {
          boxes.append(box)
          break
        }
      }
      let isDisplaced = candidate != natural
      return PlacedLabel(
        x: isLeft ? left + width : left, baseline: candidate, isLeftOfPoint: isLeft,
        isDisplaced: isDisplaced,
        anchor: (x: isLeft ? left + width + 2 : left - 2, y: candidate - 4))
    }

    private static func overlap(
      _ a: (left: Double, right: Double, top: Double, bottom: Double),
      _ b: (left: Double, right: Double, top: Double, bottom: Double)
    ) -> Bool {
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    }
  }
}
