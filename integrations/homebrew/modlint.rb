# Homebrew formula for modlint: builds a release's source from its tag with the Xcode
# toolchain (macOS ships the Swift runtime) and links Graphviz from Homebrew.
# This file is the template: `make dist` writes dist/modlint.rb with the release's version,
# its source archive (dist/modlint-VERSION-source.tar.gz, `git archive` of the commit) and
# that archive's sha256. Publish that file in a tap (`brew tap-new you/tools`, then
# `Formula/modlint.rb`) and install with `brew install you/tools/modlint`.
class Modlint < Formula
  desc "Architecture linter for modular Swift code bases"
  homepage "https://github.com/modlint/modlint"
  url "@SOURCE_URL@"
  sha256 "@SOURCE_SHA256@"
  head "https://github.com/modlint/modlint.git", branch: "main"

  depends_on "pkg-config" => :build
  depends_on xcode: ["15.0", :build]
  depends_on "graphviz"
  depends_on :macos

  def install
    commit = build.head? ? Utils.git_head : "@COMMIT@"
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "modlint",
           "-Xcc", "-DMODLINT_BUILD_COMMIT=\"#{commit}\""
    bin.install ".build/release/modlint"
    generate_completions_from_executable(bin/"modlint", "--generate-completion-script")
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/modlint --version")
    (testpath/"Package.swift").write <<~SWIFT
      // swift-tools-version:5.9
      import PackageDescription
      let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B")])
    SWIFT
    (testpath/"Sources/A/A.swift").write "import B\n"
    (testpath/"Sources/B/B.swift").write "public struct B {}\n"
    output = shell_output("#{bin}/modlint lint --no-cache #{testpath}", 1)
    assert_match "undeclared-import", output
  end
end
