/// Where Tab, Shift-Tab and Left and Right inside a group move the selection when some anchor
/// is left out of the Tab order or grouped (BEHAVIOUR 4, "Focus of the program's choosing").
///
/// A group (a menu bar) is one stop: Tab and Shift-Tab enter it at its first member in reading
/// order and leave it past its last (before its first); Left and Right move among its members,
/// wrapping. An anchor left out of the Tab order (`Anchor.isTabStop` false) is reached by the
/// arrows, a tap or the program, never by Tab. Built once per layout, and only for a scene that
/// has such anchors: every other layout moves by reading order alone.
struct TabOrder: Sendable {
  /// The reading indices Tab stops at, in order: each ungrouped tab stop, and each group's first
  /// member.
  private let stops: [Int]
  /// Each grouped anchor's group, by reading index (nil: not grouped).
  private let groupOf: [String?]
  /// Each group's members' reading indices, in order.
  private let members: [String: [Int]]

  /// The order of `anchors` (in reading order); nil when every anchor is an ungrouped tab stop.
  init?(_ anchors: [PlacedAnchor]) {
    guard anchors.contains(where: { !$0.anchor.isTabStop || $0.anchor.group != nil }) else { return nil }
    var stops: [Int] = []
    var members: [String: [Int]] = [:]
    for (index, placed) in anchors.enumerated() {
      if let group = placed.anchor.group {
        if members[group] == nil { stops.append(index) }
        members[group, default: []].append(index)
      } else if placed.anchor.isTabStop {
        stops.append(index)
      }
    }
    self.stops = stops
    self.members = members
    groupOf = anchors.map(\.anchor.group)
  }

  /// The stop after the anchor at `index` (the first stop when `index` is nil): past a group's
  /// last member when it is in one. Nil past the last stop unless `wrapping`, and when there
  /// are no stops.
  func next(after index: Int?, wrapping: Bool) -> Int? {
    guard let index else { return stops.first }
    let from = groupOf[index].flatMap { members[$0]?.last } ?? index
    if let found = stops.first(where: { $0 > from }) { return found }
    return wrapping ? stops.first : nil
  }

  /// The stop before the anchor at `index` (the last stop when `index` is nil): before a
  /// group's first member when it is in one. Nil before the first stop unless `wrapping`.
  func previous(before index: Int?, wrapping: Bool) -> Int? {
    guard let index else { return stops.last }
    let from = groupOf[index].flatMap { members[$0]?.first } ?? index
    if let found = stops.last(where: { $0 < from }) { return found }
    return wrapping ? stops.last : nil
  }

  /// The member of the group of the anchor at `index` after it (`forward`) or before it,
  /// wrapping; nil when that anchor is in no group.
  func sibling(of index: Int, forward: Bool) -> Int? {
    guard let group = groupOf[index], let list = members[group], let at = list.firstIndex(of: index) else {
      return nil
    }
    return list[(at + (forward ? 1 : list.count - 1)) % list.count]
  }
}
