extension IndexPath {
  // https://developer.apple.com/documentation/foundation/indexpath/init(item:section:)
  /// Stand-in for `IndexPath.init(item:section:)`.
  public init(item: Int, section: Int) { standIn() }

  // https://developer.apple.com/documentation/foundation/indexpath/item
  /// Stand-in for `IndexPath.item`.
  public var item: Int {
    get { standIn() }
    set { standIn() }
  }

  // https://developer.apple.com/documentation/foundation/indexpath/section
  /// Stand-in for `IndexPath.section`.
  public var section: Int {
    get { standIn() }
    set { standIn() }
  }
}
