// swift-tools-version:6.0
import PackageDescription

// Benchmarks of the TooltipKit core, apart from the main package so that `swift test` and
// the library never carry them. Build and run in release: `swift run -c release`.
// They time the core's package-level calls (the renderer's two halves, hit tests, the layout's
// anchors), which TooltipKit keeps out of its public API: the target joins TooltipKit's package
// for access control, under the name SwiftPM gives it (its directory's name, as an identifier).
let tooltipKitPackage = String(
  (String(#filePath).split(separator: "/").dropLast(3).last ?? "tooltipkit").lowercased()
    .map { $0.isLetter || $0.isNumber ? $0 : "_" })

let package = Package(
  name: "TooltipKitBenchmarks",
  dependencies: [
    .package(name: "TooltipKit", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "tooltip-bench-core",
      dependencies: [
        .product(name: "TooltipKit", package: "TooltipKit"),
        .product(name: "TooltipScenes", package: "TooltipKit"),
      ],
      path: "Sources",
      packageAccess: false,
      swiftSettings: [.unsafeFlags(["-package-name", tooltipKitPackage])]
    )
  ],
  swiftLanguageModes: [.v6]
)
