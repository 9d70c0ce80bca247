// The C baseline (Benchmarks/baseline/baseline.c) written in Swift, line for line: the same
// gallery scene, chrome, bubble, keys and clicks, the same ncursesw calls, with Swift structs,
// arrays and strings where the C has structs, arrays and wide strings. It is the floor of a
// Swift program that does the demo's job with no design of its own: what running Swift code
// that drives ncurses costs (metadata, first calls into the stdlib, its code pages) above the
// Swift floor that links what the demo links (static stdlib and FoundationEssentials, its
// JSONDecoder linked as in hello-foundation.swift and run only when an argument names a file).
//
// Build: swiftc -O -static-stdlib -swift-version 6 -I Benchmarks/floor/ncurses \
//          Benchmarks/floor/baseline.swift -o Benchmarks/floor/baseline-swift
import CCurses
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

enum Placement { case top, bottom, left, right }

struct Anchor {
  var id: String
  var x: Int, y: Int  // box's top-left cell in the scene area (rows 1 to LINES-2)
  var width: Int  // 1 (sm) or 3 (md)
  var placement: Placement
  var headline: String, supporting: String
}

/// The gallery, already in reading order (row, then column).
let anchors: [Anchor] = [
  Anchor(
    id: "top-sm", x: 18, y: 5, width: 1, placement: .top, headline: "Top · sm", supporting: "Sits above a 1-cell icon."),
  Anchor(
    id: "top-md", x: 58, y: 5, width: 3, placement: .top, headline: "Top · md", supporting: "Sits above a 3-cell icon."),
  Anchor(
    id: "left-sm", x: 34, y: 9, width: 1, placement: .left, headline: "Left · sm",
    supporting: "Sits left of a 1-cell icon."),
  Anchor(
    id: "right-sm", x: 44, y: 9, width: 1, placement: .right, headline: "Right · sm",
    supporting: "Sits right of a 1-cell icon."),
  Anchor(
    id: "left-md", x: 33, y: 12, width: 3, placement: .left, headline: "Left · md",
    supporting: "Sits left of a 3-cell icon."),
  Anchor(
    id: "right-md", x: 44, y: 12, width: 3, placement: .right, headline: "Right · md",
    supporting: "Sits right of a 3-cell icon."),
  Anchor(
    id: "bottom-sm", x: 18, y: 16, width: 1, placement: .bottom, headline: "Bottom · sm",
    supporting: "Sits below a 1-cell icon."),
  Anchor(
    id: "bottom-md", x: 58, y: 16, width: 3, placement: .bottom, headline: "Bottom · md",
    supporting: "Sits below a 3-cell icon."),
]

let pairFill: Int16 = 1, pairHeadline: Int16 = 2, pairSupporting: Int16 = 3, pairPointer: Int16 = 4

struct Bubble {
  var bx: Int, by: Int, bw: Int, bh: Int  // body
  var px: Int, py: Int  // pointer
  var pointer: String
}

/// The width of `s` on the screen: the sum of its scalars' wcwidth, as ncurses advances.
func width(_ s: String) -> Int {
  var total = 0
  for scalar in s.unicodeScalars { total += Int(wcwidth(wchar_t(bitPattern: scalar.value))) }
  return total
}

/// BEHAVIOUR 3: body hugs the text plus one padding cell each side; one cell gap holds the pointer.
func layout(_ i: Int) -> Bubble {
  let a = anchors[i]
  let ax = a.x, ay = a.y + 1, cx = ax + (a.width - 1) / 2
  let bw = max(width(a.headline), width(a.supporting)) + 2, bh = 4
  switch a.placement {
  case .top: return Bubble(bx: cx - (bw - 1) / 2, by: ay - 1 - bh, bw: bw, bh: bh, px: cx, py: ay - 1, pointer: "▼")
  case .bottom: return Bubble(bx: cx - (bw - 1) / 2, by: ay + 2, bw: bw, bh: bh, px: cx, py: ay + 1, pointer: "▲")
  case .left: return Bubble(bx: ax - 1 - bw, by: ay - (bh - 1) / 2, bw: bw, bh: bh, px: ax - 1, py: ay, pointer: "▶")
  case .right:
    return Bubble(bx: ax + a.width + 1, by: ay - (bh - 1) / 2, bw: bw, bh: bh, px: ax + a.width, py: ay, pointer: "◀")
  }
}

/// Writes `s` at (x, y), dropping characters that fall off the screen.
func put(_ x: Int, _ y: Int, _ s: String) {
  if y < 0 || y >= Int(cc_lines()) { return }
  var x = x
  for scalar in s.unicodeScalars {
    var c = wchar_t(bitPattern: scalar.value)
    let w = Int(wcwidth(c))
    if x >= 0 && x + w <= Int(cc_cols()) { mvaddnwstr(Int32(y), Int32(x), &c, 1) }
    x += w
  }
}

/// Writes `s` at (x, y) cut to `width` columns with an ellipsis.
func putTruncated(_ x: Int, _ y: Int, _ s: String, _ columns: Int) {
  if width(s) <= columns {
    put(x, y, s)
    return
  }
  var cut = String.UnicodeScalarView()
  var used = 0
  for scalar in s.unicodeScalars {
    let w = Int(wcwidth(wchar_t(bitPattern: scalar.value)))
    if used + w > columns - 1 { break }
    used += w
    cut.append(scalar)
  }
  cut.append("…")
  put(x, y, String(cut))
}

/// What a click lands on: the open bubble, an anchor's target, or the background.
enum Target: Equatable {
  case background, bubble
  case anchor(Int)
}

struct Gallery {
  var selected = 0
  var openID: Int? = nil
  var event = ""

  func draw() {
    erase()
    attrset(CC_A_BOLD)
    put(0, 0, " Tooltip · gallery · light · scene sizes · hug · consume")
    attrset(CC_A_NORMAL)
    put(Int(cc_cols()) - 15, 0, "? keys  q quit ")
    let s = anchors[selected]
    let status = " \(s.headline) · \(s.supporting)\(event.isEmpty ? "" : "  |  ")\(event)"
    attrset(CC_A_DIM)
    putTruncated(0, Int(cc_lines()) - 1, status, Int(cc_cols()))
    for (i, a) in anchors.enumerated() {
      attrset(i == selected ? CC_A_REVERSE : CC_A_NORMAL)
      // A selected one-cell box is reversed with a cell each side, so a block cursor cannot hide it.
      let pad = i == selected && a.width == 1 ? 1 : 0
      for x in -pad..<(a.width + pad) { put(a.x + x, a.y + 1, " ") }
      put(a.x + (a.width - 1) / 2, a.y + 1, "ⅈ")
    }
    attrset(CC_A_NORMAL)
    if let open = openID {
      let b = layout(open)
      attrset(cc_color_pair(Int32(pairFill)))
      for y in b.by..<(b.by + b.bh) {
        for x in b.bx..<(b.bx + b.bw) { put(x, y, " ") }
      }
      attrset(cc_color_pair(Int32(pairHeadline)) | CC_A_BOLD)
      put(b.bx + 1, b.by + 1, anchors[open].headline)
      attrset(cc_color_pair(Int32(pairSupporting)))
      put(b.bx + 1, b.by + 2, anchors[open].supporting)
      attrset(cc_color_pair(Int32(pairPointer)))
      put(b.px, b.py, b.pointer)
      attrset(CC_A_NORMAL)
    }
    let c = anchors[selected]
    move(Int32(c.y + 1), Int32(c.x + (c.width - 1) / 2))
    refresh()
  }

  /// The status row's words for a close: "by Esc", "by a tap", ": the selection moved".
  mutating func closeOpen(_ reason: String) {
    guard let open = openID else { return }
    event = "closed \(anchors[open].id)\(reason)"
    openID = nil
  }

  mutating func select(_ i: Int) {
    if i == selected { return }
    selected = i
    if let open = openID, open != i { closeOpen(": the selection moved") }
  }

  /// What a click at (x, y) lands on.
  func hit(_ x: Int, _ y: Int) -> Target {
    if let open = openID {
      let b = layout(open)
      if (x == b.px && y == b.py) || (x >= b.bx && x < b.bx + b.bw && y >= b.by && y < b.by + b.bh) {
        return .bubble
      }
    }
    for (i, a) in anchors.enumerated() {
      let pad = a.width == 1 ? 1 : 0  // an sm icon's target is one column wider each side
      if y == a.y + 1 && x >= a.x - pad && x < a.x + a.width + pad { return .anchor(i) }
    }
    return .background
  }

  /// A tap closes what is open and does nothing else; otherwise it selects and opens an anchor.
  mutating func tap(_ target: Target) {
    if openID != nil {
      closeOpen(" by a tap")
      return
    }
    guard case .anchor(let i) = target else { return }
    selected = i
    openID = i
    event = "opened \(anchors[i].id)"
  }
}

/// What the decoder reads when an argument names a JSON file (never, under the benchmark): the
/// decoder is linked as the demo links it, as in hello-foundation.swift.
struct Line: Decodable {
  var text: String
}

if CommandLine.arguments.count > 1, let file = fopen(CommandLine.arguments[1], "r") {
  var bytes: [UInt8] = []
  while true {
    let c = fgetc(file)
    if c < 0 { break }
    bytes.append(UInt8(c))
  }
  fclose(file)
  let decoded = try? JSONDecoder().decode(Line.self, from: Data(bytes))
  print(decoded?.text ?? "")
}

setlocale(LC_ALL, "")
if String(cString: cc_codeset()) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
guard let screen = newterm(nil, cc_stdout(), cc_stdin()) else {
  fputs("baseline: cannot open the terminal\n", cc_stderr())
  exit(2)
}
// The same modes as tooltip-tui: cbreak, no echo, no newline translation, keypad keys, a 25 ms
// ESC delay, press and release reports of every button (only the left one is used).
set_escdelay(25)
cbreak()
noecho()
nonl()
keypad(cc_stdscr(), true)
intrflush(cc_stdscr(), false)
mousemask(
  CC_BUTTON1_PRESSED | CC_BUTTON1_RELEASED | CC_BUTTON2_PRESSED | CC_BUTTON2_RELEASED | CC_BUTTON3_PRESSED
    | CC_BUTTON3_RELEASED | CC_BUTTON4_PRESSED | CC_BUTTON5_PRESSED, nil)
mouseinterval(0)
if has_colors() {
  start_color()
  use_default_colors()
  init_pair(pairFill, -1, 233)
  init_pair(pairHeadline, 231, 233)
  init_pair(pairSupporting, 247, 233)
  init_pair(pairPointer, 233, -1)
}
var gallery = Gallery()
var pressed: Target? = nil  // the target of the press in progress
gallery.draw()
while true {
  var ch: wint_t = 0
  let kind = get_wch(&ch)
  if kind == ERR { break }  // end of input: the terminal is gone
  if kind == OK && ch == wint_t(UInt8(ascii: "q")) { break }
  if kind == KEY_CODE_YES && ch == KEY_MOUSE {
    var m = MEVENT()
    if getmouse(&m) != OK { continue }
    if m.bstate & CC_BUTTON1_PRESSED != 0 { pressed = gallery.hit(Int(m.x), Int(m.y)) }
    if m.bstate & CC_BUTTON1_RELEASED != 0 {
      if let target = pressed, gallery.hit(Int(m.x), Int(m.y)) == target { gallery.tap(target) }
      pressed = nil
    }
    if m.bstate & CC_BUTTON1_CLICKED != 0 { gallery.tap(gallery.hit(Int(m.x), Int(m.y))) }
  } else if kind == OK && ch == wint_t(UInt8(ascii: "\t")) {
    gallery.select((gallery.selected + 1) % anchors.count)
  } else if kind == KEY_CODE_YES && ch == KEY_BTAB {
    gallery.select((gallery.selected + anchors.count - 1) % anchors.count)
  } else if (kind == OK && (ch == 0x0A || ch == 0x0D || ch == wint_t(UInt8(ascii: " "))))
    || (kind == KEY_CODE_YES && ch == KEY_ENTER)
  {
    gallery.tap(.anchor(gallery.selected))
  } else if kind == OK && ch == 27 {
    if gallery.openID != nil { gallery.closeOpen(" by Esc") }
  }
  gallery.draw()
}
endwin()
delscreen(screen)
exit(0)
