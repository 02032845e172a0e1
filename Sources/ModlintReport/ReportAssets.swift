/// The page's template, styles and script, compiled into the binary (`Assets/`): the
/// report is written without reading a file at run time.
enum ReportAssets {
    static var template: [UInt8] { PackageResources.report_html }
    static var styles: [UInt8] { PackageResources.report_css }
    static var script: [UInt8] { PackageResources.report_js }
}
