// swift-tools-version:6.0
import PackageDescription

// Benchmarks of the TooltipKit core, apart from the main package so that `swift test` and
// the library never carry them. Build and run in release: `swift run -c release`.
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
      path: "Sources"
    )
  ],
  swiftLanguageModes: [.v6]
)
