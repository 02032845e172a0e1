/// ProjectDescription's public API as manifests call it, written from Tuist's documented
/// API: for each initialiser and static factory, the type of each labelled parameter. An
/// implicit member resolves against its parameter's type, as Swift resolves it: `.app`
/// given to `product:` is `Product.app` even where a helper declares `String.app`, and
/// `.target(name:)` is `Target.target` in `targets:` but `TargetDependency.target` in
/// `dependencies:`. Tuist 4's `.target(name:destinations:…deploymentTargets:)` and 3.x's
/// `Target(name:platform:…deploymentTarget:)` are both here; a helper's own declarations
/// extend the table (they are the evaluator's declared types).
enum ProjectDescriptionAPI {
    /// The parameter types of `type.function` ("init" for initialisers), by label, as
    /// written in the API (`[Target]`, `Path`); a type that an array literal makes is
    /// written as that literal's elements (`sources: [.tests]` takes `SourceFileGlob`s).
    static func parameterTypes(of function: String, in type: String) -> [String: String]? {
        functions[type]?[function]
    }

    /// Whether `type` itself has the static member, case or factory `member`: then `.member`
    /// where a `type` is expected is that, whatever a helper declares elsewhere by the name.
    static func declares(_ type: String, _ member: String) -> Bool {
        functions[type]?[member] != nil || members[type]?.contains(member) == true
    }

    /// The cases and static members manifests name implicitly, by type.
    private static let members: [String: Set<String>] = [
        "Product": [
            "app", "appClip", "commandLineTool", "watch2App", "watch2AppContainer", "appExtension", "watch2Extension",
            "tvTopShelfExtension", "messagesExtension", "stickerPackExtension", "xpc", "systemExtension",
            "extensionKitExtension", "framework", "staticFramework", "staticLibrary", "dynamicLibrary", "bundle",
            "unitTests", "uiTests", "macro",
        ],
        "Destinations": ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "iPhone", "iPad", "mac", "macCatalyst", "macWithiPadDesign",
                         "appleTv", "appleWatch", "appleVision", "allDestinations"],
        "Platform": ["iOS", "macOS", "tvOS", "watchOS", "visionOS"],
        "DeploymentTargets": ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "multiplatform"],
        "DeploymentTarget": ["iOS", "macOS", "tvOS", "watchOS", "visionOS"],
        "Path": ["relativeToRoot", "relativeToManifest", "relativeToCurrentFile", "path"],
        "InfoPlist": ["default", "extendingDefault", "file", "dictionary"],
        "TargetDependency": ["xctest"],
        "SourceFilesList": ["paths", "sourceFilesList"],
        "ResourceFileElements": ["resources"],
    ]

    private static let targetParameters: [String: String] = [
        "name": "String", "platform": "Platform", "destinations": "Destinations", "product": "Product", "productName": "String",
        "bundleId": "String", "deploymentTarget": "DeploymentTarget", "deploymentTargets": "DeploymentTargets", "infoPlist": "InfoPlist",
        "sources": "[SourceFileGlob]", "resources": "[ResourceFileElement]", "copyFiles": "[CopyFilesAction]", "headers": "Headers",
        "entitlements": "Entitlements", "scripts": "[TargetScript]", "dependencies": "[TargetDependency]", "settings": "Settings",
        "coreDataModels": "[CoreDataModel]", "launchArguments": "[LaunchArgument]", "additionalFiles": "[FileElement]",
        "buildRules": "[BuildRule]", "mergedBinaryType": "MergedBinaryType", "mergeable": "Bool", "buildableFolders": "[BuildableFolder]",
    ]

    private static let condition = "PlatformCondition"

    private static let configurationParameters = ["name": "ConfigurationName", "settings": "SettingsDictionary", "xcconfig": "Path"]

    private static let functions: [String: [String: [String: String]]] = [
        "Project": ["init": [
            "name": "String", "organizationName": "String", "options": "Project.Options", "packages": "[Package]",
            "settings": "Settings", "targets": "[Target]", "schemes": "[Scheme]", "fileHeaderTemplate": "FileHeaderTemplate",
            "additionalFiles": "[FileElement]", "resourceSynthesizers": "[ResourceSynthesizer]",
        ]],
        "Workspace": ["init": [
            "name": "String", "projects": "[Path]", "schemes": "[Scheme]", "fileHeaderTemplate": "FileHeaderTemplate",
            "additionalFiles": "[FileElement]", "generationOptions": "Workspace.GenerationOptions",
        ]],
        "Target": ["init": targetParameters, "target": targetParameters],
        "TargetDependency": [
            "target": ["name": "String", "condition": condition],
            "project": ["target": "String", "path": "Path", "condition": condition],
            "external": ["name": "String", "condition": condition],
            "package": ["product": "String", "type": "TargetDependency.PackageType", "condition": condition],
            "sdk": ["name": "String", "type": "TargetDependency.SDKType", "status": "LinkingStatus", "condition": condition],
            "framework": ["path": "Path", "status": "LinkingStatus", "condition": condition],
            "xcframework": ["path": "Path", "status": "LinkingStatus", "condition": condition],
            "library": ["path": "Path", "publicHeaders": "Path", "swiftModuleMap": "Path", "condition": condition],
            "macro": ["name": "String"],
        ],
        "Package": [
            "remote": ["url": "String", "requirement": "Package.Requirement"],
            "local": ["path": "Path"],
            "package": ["url": "String", "path": "Path", "id": "String"],
        ],
        "Settings": ["settings": ["base": "SettingsDictionary", "configurations": "[Configuration]", "defaultSettings": "DefaultSettings"]],
        "Configuration": ["debug": configurationParameters, "release": configurationParameters],
        "InfoPlist": ["extendingDefault": ["with": "[String: Plist.Value]"], "file": ["path": "Path"]],
        "Scheme": ["scheme": [
            "name": "String", "shared": "Bool", "hidden": "Bool", "buildAction": "BuildAction", "testAction": "TestAction",
            "runAction": "RunAction", "archiveAction": "ArchiveAction", "profileAction": "ProfileAction", "analyzeAction": "AnalyzeAction",
        ]],
        "SourceFileGlob": ["glob": ["excluding": "[Path]", "compilerFlags": "String", "compilationCondition": condition]],
        "ResourceFileElement": [
            "glob": ["pattern": "Path", "excluding": "[Path]", "tags": "[String]", "inclusionCondition": condition],
            "folderReference": ["path": "Path", "tags": "[String]", "inclusionCondition": condition],
        ],
        "DeploymentTargets": ["multiplatform": ["iOS": "String", "macOS": "String", "watchOS": "String", "tvOS": "String", "visionOS": "String"]],
    ]
}
