/// What the tap that closes an open tooltip does besides closing it.
///
/// A program passes it with each input (``TooltipState/send(_:layout:policy:now:)``): `consume`
/// is the design's rule (the next tap only closes); `passThrough` lets that tap reach what is
/// under it, which is what most desktop users expect.
public enum DismissPolicy: String, CaseIterable, Hashable, Sendable {
  /// The closing tap does nothing else.
  case consume
  /// The closing tap then acts as if nothing had been open, except on the open anchor itself.
  case passThrough
}
