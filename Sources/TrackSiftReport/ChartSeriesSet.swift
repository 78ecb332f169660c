/// A quantity a report charts.
enum ChartQuantity: Int, CaseIterable {
  case rawSpeed, refinedSpeed, rawAltitude, countedAltitude, heartRate, cadence, accuracy
}

/// The lowest and highest value in each of a fixed number of columns along an axis: what a
/// line chart draws of any number of samples, in memory bounded by its width (min/max
/// decimation keeps every spike and dip visible, unlike averaging or taking every n-th).
struct ColumnBins {
  /// The axis runs from 0 to this (meters or seconds).
  let extent: Double
  private(set) var low: [Double]
  private(set) var high: [Double]

  init(extent: Double, columns: Int) {
    self.extent = extent > 0 && extent.isFinite ? extent : 1
    low = [Double](repeating: .infinity, count: max(1, columns))
    high = [Double](repeating: -.infinity, count: max(1, columns))
  }

  var isEmpty: Bool { !low.contains { $0.isFinite } }

  mutating func add(x: Double, value: Double) {
    guard x.isFinite, value.isFinite else { return }
    let column = min(low.count - 1, max(0, Int(x / extent * Double(low.count))))
    low[column] = min(low[column], value)
    high[column] = max(high[column], value)
  }

  /// The axis position of a column's centre, in the axis's unit.
  func x(ofColumn column: Int) -> Double { (Double(column) + 0.5) / Double(low.count) * extent }

  /// The smallest and largest value over all columns, or `nil` when empty.
  var valueRange: ClosedRange<Double>? {
    guard let lowest = low.filter(\.isFinite).min(), let highest = high.filter(\.isFinite).max()
    else { return nil }
    return lowest...highest
  }
}

/// Every charted quantity of one activity, binned against distance and against time.
struct ChartSeriesSet {
  /// The charts' horizontal axes.
  enum Axis: Int, CaseIterable {
    case distance, time
  }

  /// Columns each chart has (about a pixel each at the page's width).
  static let columns = 900

  /// One set of bins per quantity and axis, quantity-major (a flat array: a fix adds to
  /// several bins, and nested arrays would check each level for uniqueness on every add).
  private var bins: [ColumnBins]

  /// Empty bins over `distanceMeters` and `elapsedSeconds`.
  init(distanceMeters: Double = 1, elapsedSeconds: Double = 1) {
    bins = ChartQuantity.allCases.flatMap { _ in
      [
        ColumnBins(extent: distanceMeters, columns: Self.columns),
        ColumnBins(extent: elapsedSeconds, columns: Self.columns),
      ]
    }
  }

  mutating func add(_ value: Double, to quantity: ChartQuantity, at place: ActivityTrace.Place) {
    let base = quantity.rawValue * Axis.allCases.count
    bins[base + Axis.distance.rawValue].add(x: place.distanceMeters, value: value)
    if let elapsed = place.elapsedSeconds {
      bins[base + Axis.time.rawValue].add(x: elapsed, value: value)
    }
  }

  func bins(of quantity: ChartQuantity, along axis: Axis) -> ColumnBins {
    bins[quantity.rawValue * Axis.allCases.count + axis.rawValue]
  }
}
