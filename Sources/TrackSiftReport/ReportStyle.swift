/// The page's style sheet: readable on screen and in print, colours from ``ReportPalette``.
enum ReportStyle {
  static var css: String {
    var css = """
      body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1000px;padding:12px;color:#111;background:#fff}
      h1{font-size:20px;margin:4px 0}h2{font-size:16px;margin:18px 0 6px;border-bottom:1px solid #ccc}
      .meta{color:#555;margin:2px 0}
      .cards{display:flex;flex-wrap:wrap;gap:12px}.card{border:1px solid #ccc;border-radius:6px;padding:6px 10px}
      .card h3{margin:2px 0;font-size:15px;overflow-wrap:anywhere}.card table{font-size:13px}.card th,.card td{padding:1px 5px}
      table{border-collapse:collapse;margin:6px 12px 6px 0}th,td{padding:2px 8px;text-align:right}
      th:first-child,td:first-child{text-align:left}thead th{border-bottom:1px solid #999}
      caption{text-align:left;font-weight:600;overflow-wrap:anywhere}
      .row{display:flex;flex-wrap:wrap;align-items:flex-start}
      svg{max-width:100%;height:auto;display:block}
      .map-ground{fill:#f7f7f4}.basemap{opacity:.8}
      .raw{fill:none;stroke:#777;stroke-opacity:.45;stroke-width:2.2;stroke-linecap:round}
      .line{fill:none;stroke-width:5;stroke-linejoin:round;stroke-linecap:round}
      .casing{fill:none;stroke:#222;stroke-width:7.5;stroke-linejoin:round;stroke-linecap:round;stroke-opacity:.75}
      .refused{fill:none;stroke-width:1.8}
      .stop circle{fill:#fff;stroke:#000;stroke-width:2}.stop text,.scale text,.north text{font-size:11px;paint-order:stroke;stroke:#fff;stroke-width:3px;fill:#000}
      .start{fill:#009e73;stroke:#000}.finish{fill:#000;stroke:#fff}
      .scale path{fill:none;stroke:#000;stroke-width:1.5}.north path{fill:#000}
      .legend ul{list-style:none;padding:0;margin:6px 0;display:flex;flex-wrap:wrap;gap:4px 14px}
      .swatch{display:inline-block;width:16px;height:10px;margin-right:5px;vertical-align:middle;border:1px solid #999}
      .line-swatch{height:6px}.raw-swatch{background:#bbb;border-radius:50%;width:8px;height:8px}
      .stop-swatch{border-radius:50%;border:2px solid #000;width:8px;height:8px}
      .start-swatch{background:#009e73}.finish-swatch{background:#000}
      figure{margin:8px 0}figcaption{font-weight:600}.keys{font-weight:400;margin-left:8px}
      .key{margin-right:10px}.key::before{content:"";display:inline-block;width:18px;height:3px;margin-right:4px;vertical-align:middle;background:currentColor}
      .axis path{fill:none;stroke:#555}.axis text{font-size:11px;fill:#333}.stop-shade{fill:#999;fill-opacity:.18}
      .series{fill:none;stroke-linejoin:round}.raw-line{stroke:#888;stroke-width:1;stroke-opacity:.7}.refined-line{stroke:#0072b2;stroke-width:1.8}
      .key.raw-line{color:#888}.key.refined-line{color:#0072b2}
      .key-swatch{margin-right:8px;white-space:nowrap;font-size:13px}.grade-swatch{border:0}.grade-zero{stroke:#333;stroke-width:1}
      .grade-mark path{fill:none;stroke:#000;stroke-width:1.2}.grade-mark text{font-size:11px;fill:#000;paint-order:stroke;stroke:#fff;stroke-width:3px}
      input[name=axis]{margin-left:10px}
      .by-time{display:none}#axis-time:checked~.charts .by-time{display:block}#axis-time:checked~.charts .by-distance{display:none}
      dl.file{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px}dl.file dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
      .file-title{grid-column:1/3;margin-top:8px}
      @media print{body{max-width:none}input,label{display:none}.by-time{display:block}}

      """
    for (index, colour) in ReportPalette.ordered.enumerated() {
      css += ".speed-\(index){stroke:\(colour)}.line-swatch.speed-\(index){background:\(colour)}"
    }
    for (index, colour) in ReportPalette.grade.enumerated() {
      css += ".grade-\(index){fill:\(colour)}.grade-swatch.grade-\(index){background:\(colour)}"
    }
    for index in 0..<ReportPalette.categorical.count {
      let colour = ReportPalette.category(index)
      css +=
        ".activity-\(index){stroke:\(colour);color:\(colour)}.line-swatch.activity-\(index){background:\(colour)}"
      css +=
        ".card-\(index){border-left:6px solid \(colour)}.key.activity-\(index){color:\(colour)}"
      css += ".reason-\(index){stroke:\(ReportPalette.category(index + 4))}"
      css += ".refused-swatch.reason-\(index){background:\(ReportPalette.category(index + 4))}"
    }
    return css
  }
}
