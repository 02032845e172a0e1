/// Hand-written, minimal `project.pbxproj` files, one per construct the Xcode reader
/// understands. Object ids are short and readable; Xcode writes 24 hex digits, the
/// format does not care.
public enum XcodeFixtures {
    /// Classic groups: a main group with a nested `Sources` group (`<group>` paths), a file
    /// relative to `SOURCE_ROOT`, an absolute file outside the tree, a build product and an
    /// SDK framework that are ignored; an app, a framework it links by product file, a unit
    /// test bundle with a target dependency; a remote package product and a local package;
    /// a folder reference (`Templates`) the app copies as a resource.
    public static let classicGroups = #"""
// !$*UTF8*$!
{
	archiveVersion = 1;
	classes = {
	};
	objectVersion = 56;
	objects = {

/* Begin PBXBuildFile section */
		BF01 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = FR01 /* AppDelegate.swift */; };
		BF02 /* ContentView.swift in Sources */ = {isa = PBXBuildFile; fileRef = FR02 /* ContentView.swift */; };
		BF03 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = FR03 /* Shared.swift */; };
		BF04 /* Kit.swift in Sources */ = {isa = PBXBuildFile; fileRef = FR04 /* Kit.swift */; };
		BF05 /* AppTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = FR05 /* AppTests.swift */; };
		BF06 /* Kit.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = FR10 /* Kit.framework */; };
		BF07 /* Outside.swift in Sources */ = {isa = PBXBuildFile; fileRef = FR06 /* Outside.swift */; };
		BF08 /* Alamofire in Frameworks */ = {isa = PBXBuildFile; productRef = PD01 /* Alamofire */; };
		BF09 /* UIKit.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = FR11 /* UIKit.framework */; };
		BF10 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = FR03 /* Shared.swift */; };
		BF11 /* Templates in Resources */ = {isa = PBXBuildFile; fileRef = FR13 /* Templates */; };
/* End PBXBuildFile section */

/* Begin PBXContainerItemProxy section */
		CP01 /* PBXContainerItemProxy */ = {
			isa = PBXContainerItemProxy;
			containerPortal = PR01 /* Project object */;
			proxyType = 1;
			remoteGlobalIDString = TG01;
			remoteInfo = "Demo App";
		};
		CP02 /* PBXContainerItemProxy */ = {
			isa = PBXContainerItemProxy;
			containerPortal = PR01 /* Project object */;
			proxyType = 1;
			remoteGlobalIDString = TG04;
			remoteInfo = Lint;
		};
/* End PBXContainerItemProxy section */

/* Begin PBXFileReference section */
		FR01 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
		FR02 /* ContentView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; name = ContentView.swift; path = Views/ContentView.swift; sourceTree = "<group>"; };
		FR03 /* Shared.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "Shared Code/Shared.swift"; sourceTree = SOURCE_ROOT; };
		FR04 /* Kit.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Kit.swift; sourceTree = "<group>"; };
		FR05 /* AppTests.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppTests.swift; sourceTree = "<group>"; };
		FR06 /* Outside.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = /Users/someone/Outside.swift; sourceTree = "<absolute>"; };
		FR07 /* Demo App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = "Demo App.app"; sourceTree = BUILT_PRODUCTS_DIR; };
		FR08 /* AppTests.xctest */ = {isa = PBXFileReference; explicitFileType = wrapper.cfbundle; includeInIndex = 0; path = AppTests.xctest; sourceTree = BUILT_PRODUCTS_DIR; };
		FR10 /* Kit.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = Kit.framework; sourceTree = BUILT_PRODUCTS_DIR; };
		FR11 /* UIKit.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = UIKit.framework; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
		FR12 /* Packages */ = {isa = PBXFileReference; lastKnownFileType = wrapper; path = Packages/Storage; sourceTree = "<group>"; };
		FR13 /* Templates */ = {isa = PBXFileReference; lastKnownFileType = folder; path = Templates; sourceTree = "<group>"; };
/* End PBXFileReference section */

/* Begin PBXFrameworksBuildPhase section */
		FP01 /* Frameworks */ = {
			isa = PBXFrameworksBuildPhase;
			files = (
				BF06 /* Kit.framework in Frameworks */,
				BF08 /* Alamofire in Frameworks */,
				BF09 /* UIKit.framework in Frameworks */,
			);
		};
/* End PBXFrameworksBuildPhase section */

/* Begin PBXResourcesBuildPhase section */
		RP09 /* Resources */ = {
			isa = PBXResourcesBuildPhase;
			files = (
				BF11 /* Templates in Resources */,
			);
		};
/* End PBXResourcesBuildPhase section */

/* Begin PBXGroup section */
		GR00 = {
			isa = PBXGroup;
			children = (
				GR01 /* App */,
				GR02 /* Kit */,
				GR03 /* AppTests */,
				FR06 /* Outside.swift */,
				FR12 /* Packages */,
				FR13 /* Templates */,
				GR09 /* Products */,
			);
			sourceTree = "<group>";
		};
		GR01 /* App */ = {
			isa = PBXGroup;
			children = (
				FR01 /* AppDelegate.swift */,
				FR02 /* ContentView.swift */,
				FR03 /* Shared.swift */,
			);
			path = "Demo App";
			sourceTree = "<group>";
		};
		GR02 /* Kit */ = {
			isa = PBXGroup;
			children = (
				GR04 /* Sources */,
			);
			path = Kit;
			sourceTree = "<group>";
		};
		GR04 /* Sources */ = {
			isa = PBXGroup;
			children = (
				FR04 /* Kit.swift */,
			);
			path = Sources;
			sourceTree = "<group>";
		};
		GR03 /* AppTests */ = {
			isa = PBXGroup;
			children = (
				FR05 /* AppTests.swift */,
			);
			name = AppTests;
			path = Tests/AppTests;
			sourceTree = "<group>";
		};
		GR09 /* Products */ = {
			isa = PBXGroup;
			children = (
				FR07 /* Demo App.app */,
				FR08 /* AppTests.xctest */,
				FR10 /* Kit.framework */,
			);
			name = Products;
			sourceTree = "<group>";
		};
/* End PBXGroup section */

/* Begin PBXNativeTarget section */
		TG01 /* Demo App */ = {
			isa = PBXNativeTarget;
			buildConfigurationList = CL01 /* Build configuration list for PBXNativeTarget "Demo App" */;
			buildPhases = (
				SP01 /* Sources */,
				FP01 /* Frameworks */,
				RP09 /* Resources */,
			);
			dependencies = (
			);
			name = "Demo App";
			packageProductDependencies = (
				PD01 /* Alamofire */,
				PD02 /* Storage */,
			);
			productName = "Demo App";
			productReference = FR07 /* Demo App.app */;
			productType = "com.apple.product-type.application";
		};
		TG02 /* Kit */ = {
			isa = PBXNativeTarget;
			buildPhases = (
				SP02 /* Sources */,
			);
			dependencies = (
			);
			name = Kit;
			productName = Kit;
			productReference = FR10 /* Kit.framework */;
			productType = "com.apple.product-type.framework";
		};
		TG03 /* AppTests */ = {
			isa = PBXNativeTarget;
			buildPhases = (
				SP03 /* Sources */,
			);
			dependencies = (
				TD01 /* PBXTargetDependency */,
				TD02 /* PBXTargetDependency */,
				TD03 /* PBXTargetDependency */,
			);
			name = AppTests;
			productName = AppTests;
			productReference = FR08 /* AppTests.xctest */;
			productType = "com.apple.product-type.bundle.unit-test";
		};
		TG04 /* Lint */ = {
			isa = PBXAggregateTarget;
			name = Lint;
		};
/* End PBXNativeTarget section */

/* Begin PBXProject section */
		PR01 /* Project object */ = {
			isa = PBXProject;
			mainGroup = GR00;
			packageReferences = (
				RP01 /* XCRemoteSwiftPackageReference "Alamofire" */,
				LP01 /* XCLocalSwiftPackageReference "Packages/Storage" */,
			);
			productRefGroup = GR09 /* Products */;
			projectDirPath = "";
			projectRoot = "";
			targets = (
				TG01 /* Demo App */,
				TG02 /* Kit */,
				TG03 /* AppTests */,
				TG04 /* Lint */,
			);
		};
/* End PBXProject section */

/* Begin PBXSourcesBuildPhase section */
		SP01 /* Sources */ = {
			isa = PBXSourcesBuildPhase;
			files = (
				BF01 /* AppDelegate.swift in Sources */,
				BF02 /* ContentView.swift in Sources */,
				BF03 /* Shared.swift in Sources */,
				BF07 /* Outside.swift in Sources */,
			);
		};
		SP02 /* Sources */ = {
			isa = PBXSourcesBuildPhase;
			files = (
				BF04 /* Kit.swift in Sources */,
				BF10 /* Shared.swift in Sources */,
			);
		};
		SP03 /* Sources */ = {
			isa = PBXSourcesBuildPhase;
			files = (
				BF05 /* AppTests.swift in Sources */,
			);
		};
/* End PBXSourcesBuildPhase section */

/* Begin PBXTargetDependency section */
		TD01 /* PBXTargetDependency */ = {
			isa = PBXTargetDependency;
			target = TG01 /* Demo App */;
			targetProxy = CP01 /* PBXContainerItemProxy */;
		};
		TD02 /* PBXTargetDependency */ = {
			isa = PBXTargetDependency;
			target = TG04 /* Lint */;
			targetProxy = CP02 /* PBXContainerItemProxy */;
		};
		TD03 /* PBXTargetDependency */ = {
			isa = PBXTargetDependency;
			targetProxy = CP02 /* PBXContainerItemProxy */;
		};
/* End PBXTargetDependency section */

/* Begin XCBuildConfiguration section */
		BC01 /* Debug */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				PRODUCT_BUNDLE_IDENTIFIER = "edu.example.demo-app";
				PRODUCT_NAME = "$(TARGET_NAME)";
			};
			name = Debug;
		};
/* End XCBuildConfiguration section */

/* Begin XCConfigurationList section */
		CL01 /* Build configuration list for PBXNativeTarget "Demo App" */ = {
			isa = XCConfigurationList;
			buildConfigurations = (
				BC01 /* Debug */,
			);
			defaultConfigurationIsVisible = 0;
			defaultConfigurationName = Debug;
		};
/* End XCConfigurationList section */

/* Begin XCLocalSwiftPackageReference section */
		LP01 /* XCLocalSwiftPackageReference "Packages/Storage" */ = {
			isa = XCLocalSwiftPackageReference;
			relativePath = Packages/Storage;
		};
/* End XCLocalSwiftPackageReference section */

/* Begin XCRemoteSwiftPackageReference section */
		RP01 /* XCRemoteSwiftPackageReference "Alamofire" */ = {
			isa = XCRemoteSwiftPackageReference;
			repositoryURL = "https://github.com/Alamofire/Alamofire.git";
			requirement = {
				kind = upToNextMajorVersion;
				minimumVersion = 5.8.0;
			};
		};
/* End XCRemoteSwiftPackageReference section */

/* Begin XCSwiftPackageProductDependency section */
		PD01 /* Alamofire */ = {
			isa = XCSwiftPackageProductDependency;
			package = RP01 /* XCRemoteSwiftPackageReference "Alamofire" */;
			productName = Alamofire;
		};
		PD02 /* Storage */ = {
			isa = XCSwiftPackageProductDependency;
			productName = Storage;
		};
/* End XCSwiftPackageProductDependency section */
	};
	rootObject = PR01 /* Project object */;
}
"""#

    /// Xcode 16 synchronized folders: the app builds `App/` minus `App/Preview Content`
    /// files and `App/Info.plist`; the widget builds `Widget/` and, through the app
    /// folder's exception set naming it, `App/Shared/Formatting.swift`; a test target
    /// builds `AppTests/`; a nested synchronized folder sits under a plain group.
    public static let synchronizedFolders = #"""
// !$*UTF8*$!
{
	archiveVersion = 1;
	classes = {
	};
	objectVersion = 77;
	objects = {
		EX01 /* Exceptions for "App" folder in "App" target */ = {
			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
			membershipExceptions = (
				Info.plist,
				"Preview Content",
			);
			target = TG01 /* App */;
		};
		EX02 /* Exceptions for "App" folder in "Widget" target */ = {
			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
			membershipExceptions = (
				Shared/Formatting.swift,
			);
			target = TG02 /* Widget */;
		};
		SG01 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX01 /* Exceptions for "App" folder in "App" target */, EX02 /* Exceptions for "App" folder in "Widget" target */, ); explicitFileTypes = {}; explicitFolders = (); path = App; sourceTree = "<group>"; };
		SG02 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Widget; sourceTree = "<group>"; };
		SG03 /* AppTests */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = AppTests; sourceTree = "<group>"; };
		GR00 = {isa = PBXGroup; children = (SG01, SG02, GR01, ); sourceTree = "<group>"; };
		GR01 /* Tests */ = {isa = PBXGroup; children = (SG03, ); path = Tests; sourceTree = "<group>"; };
		TG01 /* App */ = {
			isa = PBXNativeTarget;
			buildPhases = (
			);
			dependencies = (
				TD01,
			);
			fileSystemSynchronizedGroups = (
				SG01 /* App */,
			);
			name = App;
			productName = App;
			productType = "com.apple.product-type.application";
		};
		TG02 /* Widget */ = {
			isa = PBXNativeTarget;
			buildConfigurationList = CL02;
			buildPhases = (
			);
			dependencies = (
			);
			fileSystemSynchronizedGroups = (
				SG02 /* Widget */,
			);
			name = "Widget Extension";
			productName = "Widget Extension";
			productType = "com.apple.product-type.app-extension";
		};
		TG03 /* AppTests */ = {
			isa = PBXNativeTarget;
			buildPhases = (
			);
			dependencies = (
			);
			fileSystemSynchronizedGroups = (
				SG03 /* AppTests */,
			);
			name = AppTests;
			productType = "com.apple.product-type.bundle.unit-test";
		};
		TD01 = {isa = PBXTargetDependency; target = TG02; };
		CL02 = {isa = XCConfigurationList; buildConfigurations = (BC02, BC03, ); };
		BC02 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; PRODUCT_MODULE_NAME = WidgetKitModule; }; name = Release; };
		BC03 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Debug; };
		PR01 /* Project object */ = {isa = PBXProject; mainGroup = GR00; projectDirPath = ""; targets = (TG01, TG02, TG03, ); };
	};
	rootObject = PR01 /* Project object */;
}
"""#

    /// A two-project workspace: `App/App.xcodeproj`'s app depends on the `Core` framework
    /// of `Core/Core.xcodeproj` through a cross-project target dependency.
    public static let workspace = #"""
<?xml version="1.0" encoding="UTF-8"?>
<Workspace
   version = "1.0">
   <FileRef
      location = "group:App/App.xcodeproj">
   </FileRef>
   <Group
      location = "container:Frameworks"
      name = "Frameworks">
      <FileRef
         location = "group:../Core/Core.xcodeproj">
      </FileRef>
   </Group>
   <FileRef
      location = "group:Packages/Models">
   </FileRef>
</Workspace>
"""#

    public static let workspaceApp = #"""
// !$*UTF8*$!
{
	archiveVersion = 1;
	objectVersion = 56;
	objects = {
		PR01 = {isa = PBXProject; mainGroup = GR00; projectDirPath = ""; targets = (TG01, ); };
		GR00 = {isa = PBXGroup; children = (FR01, FR09, ); sourceTree = "<group>"; };
		FR01 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
		FR09 /* Core.xcodeproj */ = {isa = PBXFileReference; lastKnownFileType = "wrapper.pb-project"; path = ../Core/Core.xcodeproj; sourceTree = "<group>"; };
		BF01 = {isa = PBXBuildFile; fileRef = FR01; };
		SP01 = {isa = PBXSourcesBuildPhase; files = (BF01, ); };
		TG01 /* App */ = {isa = PBXNativeTarget; buildPhases = (SP01, ); dependencies = (TD01, ); packageProductDependencies = (PD01, ); name = App; productType = "com.apple.product-type.application"; };
		TD01 = {isa = PBXTargetDependency; name = Core; targetProxy = CP01; };
		CP01 = {isa = PBXContainerItemProxy; containerPortal = FR09 /* Core.xcodeproj */; proxyType = 1; remoteGlobalIDString = TC01; remoteInfo = Core; };
		PD01 = {isa = XCSwiftPackageProductDependency; productName = Models; };
	};
	rootObject = PR01;
}
"""#

    public static let workspaceCore = #"""
// !$*UTF8*$!
{
	archiveVersion = 1;
	objectVersion = 56;
	objects = {
		PC01 = {isa = PBXProject; mainGroup = GC00; projectDirPath = ""; targets = (TC01, ); };
		GC00 = {isa = PBXGroup; children = (FC01, ); sourceTree = "<group>"; };
		FC01 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Sources/Core.swift; sourceTree = "<group>"; };
		BC01 = {isa = PBXBuildFile; fileRef = FC01; };
		SC01 = {isa = PBXSourcesBuildPhase; files = (BC01, ); };
		TC01 /* Core */ = {isa = PBXNativeTarget; buildPhases = (SC01, ); dependencies = (); name = Core; productType = "com.apple.product-type.framework"; };
	};
	rootObject = PC01;
}
"""#
}
