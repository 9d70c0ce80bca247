import Testing
import TooltipKit

@Suite struct GeometryTests {
  @Test func rectEdgesAreExclusiveOnTheFarSide() {
    let r = rect(2, 3, 4, 5)
    #expect((r.minX, r.minY, r.maxX, r.maxY) == (2, 3, 6, 8))
    #expect(r.area == 20)
    #expect(r.contains(point(2, 3)))
    #expect(r.contains(point(5, 7)))
    #expect(!r.contains(point(6, 7)))
    #expect(!r.contains(point(5, 8)))
    #expect(!r.contains(point(1, 3)))
    #expect(!r.contains(point(2, 2)))
  }

  @Test(arguments: [
    Size(width: 0, height: 5), Size(width: 5, height: 0), Size(width: -3, height: 4),
    Size(width: 4, height: -3), Size(width: -2, height: -2),
  ])
  func emptySizesHoldNoCell(size: Size) {
    #expect(size.area == 0)
    let r = Rect(origin: point(0, 0), size: size)
    #expect(r.isEmpty)
    #expect(r.area == 0)
    #expect(!r.contains(point(0, 0)))
  }

  struct CropCase: Sendable, CustomTestStringConvertible {
    var name: String
    var rect: Rect
    var expected: Rect?
    var testDescription: String { name }
  }

  // The screen is 20 x 10 at the origin; every crop keeps the cells where they were.
  @Test(arguments: [
    CropCase(name: "inside", rect: rect(3, 2, 5, 4), expected: rect(3, 2, 5, 4)),
    CropCase(name: "past the left edge", rect: rect(-4, 2, 6, 3), expected: rect(0, 2, 2, 3)),
    CropCase(name: "past the right edge", rect: rect(17, 2, 6, 3), expected: rect(17, 2, 3, 3)),
    CropCase(name: "past the top edge", rect: rect(5, -2, 6, 3), expected: rect(5, 0, 6, 1)),
    CropCase(name: "past the bottom edge", rect: rect(5, 8, 6, 3), expected: rect(5, 8, 6, 2)),
    CropCase(name: "top-left corner", rect: rect(-4, -1, 6, 3), expected: rect(0, 0, 2, 2)),
    CropCase(name: "bottom-right corner", rect: rect(18, 8, 6, 3), expected: rect(18, 8, 2, 2)),
    CropCase(
      name: "larger than the screen", rect: rect(-5, -5, 40, 40), expected: rect(0, 0, 20, 10)),
    CropCase(name: "wholly left", rect: rect(-6, 2, 6, 3), expected: nil),
    CropCase(name: "wholly below", rect: rect(2, 10, 6, 3), expected: nil),
    CropCase(name: "empty", rect: rect(2, 2, 0, 3), expected: nil),
  ])
  func intersectionCropsWithoutMoving(_ c: CropCase) {
    let screen = rect(0, 0, 20, 10)
    #expect(c.rect.intersection(screen) == c.expected)
    #expect(screen.intersection(c.rect) == c.expected)
  }
}
