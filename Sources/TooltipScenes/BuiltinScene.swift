import TooltipKit

/// The scenes shipped with the component: gallery (the 16 variants), form (the SwiftUI
/// recipe's screen), edges (bubbles cropped at each screen edge) and reading (words and cut
/// items of the program's own text, scrolled).
///
/// One definition of each, which the demo shows and the benchmarks measure, so the figures
/// speak of what a user sees.
public enum BuiltinScene: String, CaseIterable, Sendable {
  /// Every placement at both sizes: 8 icon anchors, the published component's 16 variants
  /// with open and closed; the default scene.
  case gallery
  /// The recipe's screen: a Share icon with its hint below, a Publish button whose hint opens
  /// on a long press and whose tap publishes, a disabled Delete, a Bundle ID field's `?`.
  case form
  /// An anchor hugging each screen edge with its bubble pointing off screen: the crop.
  case edges
  /// Tooltips on words of wrapped paragraphs (a term wrapping onto the next row is one anchor)
  /// and on cut list items, in text taller than the screen: the demo scrolls it.
  case reading

  /// The scene's anchors and decorations.
  public var scene: Scene {
    switch self {
    case .gallery: Self.galleryScene
    case .form: Self.formScene
    case .edges: Self.edgesScene
    case .reading: Self.readingScene
    }
  }

  /// Every placement at both sizes: 8 anchors, 16 variants with open and closed.
  private static let galleryScene: Scene = {
    func variant(_ placement: Placement, _ size: AnchorSize, x: Int, y: Int) -> Anchor {
      // Spelt out, not derived from the raw value: uppercasing would read Unicode case tables
      // at start-up for four ASCII words.
      let (title, side): (String, String)
      switch placement {
      case .top: (title, side) = ("Top", "above")
      case .bottom: (title, side) = ("Bottom", "below")
      case .left: (title, side) = ("Left", "left of")
      case .right: (title, side) = ("Right", "right of")
      }
      let icon = size == .sm ? "a 1-cell" : "a 3-cell"
      return Anchor(
        id: "\(placement.rawValue)-\(size.rawValue)",
        position: Point(x: x, y: y),
        size: size,
        placement: placement,
        headline: title + " · " + size.rawValue,
        supporting: "Sits \(side) \(icon) icon."
      )
    }
    return Scene(anchors: [
      variant(.top, .sm, x: 18, y: 5),
      variant(.top, .md, x: 58, y: 5),
      variant(.left, .sm, x: 34, y: 9),
      variant(.right, .sm, x: 44, y: 9),
      variant(.left, .md, x: 33, y: 12),
      variant(.right, .md, x: 44, y: 12),
      variant(.bottom, .sm, x: 18, y: 16),
      variant(.bottom, .md, x: 58, y: 16),
    ])
  }()

  /// The recipe's screen: Share below, Publish on long press, the Bundle ID hint to the left,
  /// and a disabled control whose tooltip says why.
  private static let formScene = Scene(
    anchors: [
      Anchor(
        id: "share", position: Point(x: 16, y: 2), placement: .bottom,
        headline: "Share", supporting: "Share this document with teammates.", glyph: "↗"),
      Anchor(
        id: "publish", position: Point(x: 16, y: 12), placement: .top,
        headline: "Publish",
        supporting: "Makes your app visible on the App Store. This cannot be undone.",
        trigger: .longPress, label: "Publish"),
      Anchor(
        id: "delete", position: Point(x: 30, y: 12), placement: .top,
        headline: "Delete is off", supporting: "Only the app's owner can delete it.",
        isDisabled: true, label: "Delete"),
      Anchor(
        id: "bundle-id", position: Point(x: 38, y: 16), size: .sm, placement: .left,
        headline: "Bundle ID", supporting: "Must match your provisioning profile exactly.",
        glyph: "?"),
    ],
    decorations: [
      Decoration(position: Point(x: 20, y: 2), text: "Share", isDim: true),
      Decoration(position: Point(x: 4, y: 14), text: "Hold Publish for its hint; tap it to publish.", isDim: true),
      Decoration(position: Point(x: 4, y: 16), text: "Bundle ID [com.example.app  ]"),
    ]
  )

  /// An anchor hugging each screen edge, with its bubble pointing off screen: cropped, never
  /// flipped or shifted.
  private static let edgesScene: Scene = {
    func edge(_ id: String, x: Int, y: Int, _ placement: Placement, _ text: String, size: AnchorSize = .md)
      -> Anchor
    {
      Anchor(
        id: id, position: Point(x: x, y: y), size: size, placement: placement,
        headline: "Cropped, not flipped", supporting: text)
    }
    return Scene(anchors: [
      edge("top-left", x: 0, y: 0, .left, "Opens wholly off screen.", size: .sm),
      edge("top", x: 38, y: 0, .top, "Runs off the top edge."),
      edge("left", x: 6, y: 8, .left, "Runs off the left edge."),
      edge("right", x: -7, y: 8, .right, "Runs off the right edge."),
      edge("bottom", x: 38, y: -1, .bottom, "Runs off the bottom edge."),
      edge("bottom-right", x: -1, y: -1, .right, "Opens wholly off screen.", size: .sm),
    ])
  }()
}

extension BuiltinScene {
  /// The scene with its name (the case's raw value).
  public var named: NamedScene { NamedScene(name: rawValue, scene: scene) }

  /// Every built-in scene in order, starting from `first` and wrapping around: what a program
  /// cycles through when `first` is chosen.
  ///
  /// Walked case by case, not sliced out of `allCases`: an array of the cases is one more
  /// generic type the runtime builds on first use, before the demo's first frame.
  public static func all(from first: BuiltinScene = .gallery) -> [NamedScene] {
    var scenes: [NamedScene] = []
    scenes.reserveCapacity(4)
    var scene = first
    repeat {
      scenes.append(scene.named)
      switch scene {
      case .gallery: scene = .form
      case .form: scene = .edges
      case .edges: scene = .reading
      case .reading: scene = .gallery
      }
    } while scene != first
    return scenes
  }
}
