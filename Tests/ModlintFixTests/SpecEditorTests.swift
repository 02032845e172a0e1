import ModlintFix
import ModlintRules
import Testing

/// Golden edits of generator specs: XcodeGen's `project.yml` as lines, Tuist's
/// `Project.swift` as Swift; only the target's dependency list changes.
struct SpecEditorTests {
    static func add(_ target: String, _ dependency: String, in manifest: String = "project.yml") -> DependencyFix {
        DependencyFix(action: .add, manifest: manifest, target: target, dependency: dependency)
    }

    func edit(_ text: String, _ fixes: [DependencyFix]) -> XcodeGenSpecEditor {
        var editor = XcodeGenSpecEditor(text: text)
        editor.apply(fixes)
        return editor
    }

    @Test func anItemJoinsTheListIndentedLikeItsNeighbours() {
        let editor = edit("""
        name: App
        targets:
          App:
            type: application
            dependencies:

              # Frameworks
              - target: Kit
                embed: false
              - sdk: UIKit.framework
            settings:
              A: B
          Kit:
            type: framework
        """, [Self.add("App", "target: Search"), Self.add("App", "target: Kit")])
        #expect(editor.text == """
        name: App
        targets:
          App:
            type: application
            dependencies:

              # Frameworks
              - target: Kit
                embed: false
              - sdk: UIKit.framework
              - target: Search
            settings:
              A: B
          Kit:
            type: framework
        """)
        #expect(editor.applied.map(\.dependency) == ["target: Search"])
        #expect(editor.refused.isEmpty)
    }

    /// Items at the key's own indent (valid YAML), a missing list, a quoted target name.
    @Test func listsAtTheKeysIndentAndAbsentLists() {
        let editor = edit("""
        targets:
            "My App":
                type: application
                dependencies:
                - target: Kit
            Kit:
                type: framework
                sources: [Kit]
        options:
          bundleIdPrefix: a
        """, [Self.add("My App", "target: Log"), Self.add("Kit", "target: Log")])
        #expect(editor.text == """
        targets:
            "My App":
                type: application
                dependencies:
                - target: Kit
                - target: Log
            Kit:
                type: framework
                sources: [Kit]
                dependencies:
                  - target: Log
        options:
          bundleIdPrefix: a
        """)
    }

    @Test func removalTakesTheWholeItem() {
        var editor = XcodeGenSpecEditor(text: """
        targets:
          App:
            dependencies:
              - target: Unused
                embed: false
              - target: Kit
        """)
        editor.apply([DependencyFix(action: .remove, manifest: "project.yml", target: "App", dependency: "Unused")])
        #expect(editor.text == """
        targets:
          App:
            dependencies:
              - target: Kit
        """)
    }

    @Test func inlineListsAndTargetsOfOtherFilesAreLeftWithTheLineToAdd() {
        let editor = edit("""
        include: [targets.yml]
        targets:
          App:
            dependencies: [{target: Kit}]
        """, [Self.add("App", "target: Log"), Self.add("Widget", "target: Log")])
        #expect(editor.text.contains("[{target: Kit}]"))
        #expect(editor.refused.map(\.reason) == [
            "the dependencies of target App are written inline (`[…]`); edit them by hand",
            "target Widget is not declared in this file (an include or a template builds it); add `- target: Log` to its dependencies by hand",
        ])
    }

    /// Tuist: a literal `.target(…)` gains the element; one without `dependencies:` is
    /// left with the exact argument to add (its place among Tuist's arguments is fixed).
    @Test func tuistProjectSwift() {
        var editor = ManifestEditor(text: """
        let project = Project(name: "P", targets: [
            .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["App/**"], dependencies: [
                .target(name: "Kit"),
            ]),
            .target(name: "Kit", destinations: .iOS, product: .framework, bundleId: "k", sources: ["Kit/**"]),
        ])
        """, createsDependencies: false)
        editor.apply([Self.add("App", ".target(name: \"Log\")", in: "Project.swift"), Self.add("Kit", ".target(name: \"Log\")", in: "Project.swift")])
        #expect(editor.text == """
        let project = Project(name: "P", targets: [
            .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["App/**"], dependencies: [
                .target(name: "Kit"),
                .target(name: "Log"),
            ]),
            .target(name: "Kit", destinations: .iOS, product: .framework, bundleId: "k", sources: ["Kit/**"]),
        ])
        """)
        #expect(editor.refused.map(\.reason) == ["target Kit has no dependencies: argument; add `dependencies: [.target(name: \"Log\")]` in its place"])
    }
}
