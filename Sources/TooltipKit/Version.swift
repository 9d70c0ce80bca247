/// The version of TooltipKit, TooltipCurses, TooltipScenes and CNcurses a program was built
/// with, as a semantic version string such as `"0.1.1"`, so a program can name it in its
/// `--version` output or a bug report.
///
/// The five library products ship from one package and share one version. A version ending in
/// `-dev` (`"0.1.0-dev"`) is a build from between releases: it holds the changes that
/// `CHANGELOG.md` lists under "Unreleased", to be released as the version before the `-dev`.
public let tooltipKitVersion = "0.3.0-dev"
