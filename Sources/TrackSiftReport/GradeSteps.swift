import Foundation
import TrackSift

/// The grade windows of one activity (``GradeFigures/windows``) placed on the charts'
/// horizontal axes and merged for drawing: what a grade chart draws.
///
/// **Placing.** A window's edges are in meters of the refined distance, which counts only the
/// steps taken moving or creeping; the charts' distance axis runs along every refined step
/// (``ActivityTrace``), stops included. Each edge is carried across by interpolating between
/// the accepted fixes on either side, so a window sits under the elevation it was measured on.
/// On the time axis an edge sits at its own time since the activity's first timed fix; a
/// window without times at both edges is not drawn there.
///
/// **Merging.** At most about ``maximumSteps`` steps are drawn per axis: beyond that, runs of
/// consecutive windows that touch are merged, each run keeping its highest and lowest grade,
/// so the steepest window stays visible (min/max decimation, as ``ColumnBins`` does for
/// lines). Windows that do not touch (a segment break, a stretch without altitudes) are never
/// merged across the hole.
///
/// - Complexity: O(w log n) for w windows and n accepted fixes.
struct GradeSteps {
  /// A stretch of an axis drawn as one bar (or two: up and down, when merged windows both
  /// climb and descend).
  struct Step: Equatable {
    /// Where it starts and ends on the axis, in meters or seconds.
    var start: Double
    var end: Double
    /// The highest and the lowest grade of its windows, in percent (equal for one window).
    var highestPercent: Double
    var lowestPercent: Double
  }

  /// About the most steps drawn per axis (a step then spans at least 1.5 pixels of a chart).
  static let maximumSteps = 600

  /// The windows' length, in meters.
  let windowMeters: Double
  /// How many windows the figures hold.
  let windowCount: Int
  /// The windows' total length in each class of ``GradeClasses``, in meters.
  let metersByClass: [Double]
  /// The steps along each axis, indexed by the axis's raw value.
  private let stepsByAxis: [[Step]]

  /// The steps of `figures` over the refined route of `segments`.
  /// - Parameters:
  ///   - figures: the activity's grade figures.
  ///   - segments: the analysed segments.
  ///   - alongs: each segment's accepted fixes' distances on the charts' distance axis.
  ///   - startSeconds: the time the charts' time axis starts at (a fix's `timeSeconds`).
  init(
    _ figures: GradeFigures, segments: [AnalyzedSegment], alongs: [[Double]],
    startSeconds: Double?
  ) {
    windowMeters = figures.windowMeters
    windowCount = figures.windows.count
    var metersByClass = [Double](repeating: 0, count: GradeClasses.count)
    for window in figures.windows {
      metersByClass[GradeClasses.index(ofPercent: window.gradePercent)] += window.lengthMeters
    }
    self.metersByClass = metersByClass
    let axis = DistanceAxis(segments: segments, alongs: alongs)
    let byDistance = figures.windows.map {
      Step(
        start: axis.position(ofCountedMeters: $0.startMeters),
        end: axis.position(ofCountedMeters: $0.endMeters), highestPercent: $0.gradePercent,
        lowestPercent: $0.gradePercent)
    }
    let byTime = figures.windows.compactMap { window -> Step? in
      guard let origin = startSeconds, let start = window.startSeconds,
        let end = window.endSeconds
      else { return nil }
      return Step(
        start: start - origin, end: end - origin, highestPercent: window.gradePercent,
        lowestPercent: window.gradePercent)
    }
    stepsByAxis = ChartSeriesSet.Axis.allCases.map { axis in
      Self.merged(axis == .distance ? byDistance : byTime, limit: Self.maximumSteps)
    }
  }

  /// The steps along `axis`, in order.
  func steps(along axis: ChartSeriesSet.Axis) -> [Step] { stepsByAxis[axis.rawValue] }

  /// `steps` with runs of `ceil(count / limit)` touching steps merged into one.
  static func merged(_ steps: [Step], limit: Int) -> [Step] {
    let run = (steps.count + limit - 1) / max(1, limit)
    guard run > 1 else { return steps }
    var result: [Step] = []
    var merged = 0
    for step in steps {
      if var last = result.last, merged < run, abs(step.start - last.end) <= 1e-6 {
        last.end = step.end
        last.highestPercent = max(last.highestPercent, step.highestPercent)
        last.lowestPercent = min(last.lowestPercent, step.lowestPercent)
        result[result.count - 1] = last
        merged += 1
      } else {
        result.append(step)
        merged = 1
      }
    }
    return result
  }
}

extension GradeSteps {
  /// The map from the refined distance (what the windows' edges are in) to the charts'
  /// distance axis, through the accepted fixes.
  struct DistanceAxis {
    /// Each accepted fix's refined distance, all segments in order (non-decreasing).
    private var counted: [Double] = []
    /// Each accepted fix's place on the charts' distance axis.
    private var along: [Double] = []

    init(segments: [AnalyzedSegment], alongs: [[Double]]) {
      var total = 0.0
      for (segment, segmentAlong) in zip(segments, alongs) {
        let coordinates = segment.refinedCoordinates
        for index in coordinates.indices where index < segmentAlong.count {
          // The refined figures' own rule: a step counts when the fix moves or creeps, along
          // the smoother's path across a signal loss.
          let counts =
            segment.refinedIsMoving[index]
            || (index < segment.refinedIsCreeping.count && segment.refinedIsCreeping[index])
          if index > 0, counts {
            let step =
              segment.refinedGapPaths[index]?.lengthMeters
              ?? Geodesic.distanceMeters(from: coordinates[index - 1], to: coordinates[index])
            if step.isFinite { total += step }
          }
          counted.append(total)
          along.append(segmentAlong[index])
        }
      }
    }

    /// The place on the charts' axis of `meters` of refined distance.
    /// - Complexity: O(log n).
    func position(ofCountedMeters meters: Double) -> Double {
      var low = 0
      var high = counted.count
      while low < high {
        let middle = (low + high) / 2
        if counted[middle] < meters { low = middle + 1 } else { high = middle }
      }
      guard low > 0 else { return along.first ?? meters }
      guard low < counted.count else { return along.last ?? meters }
      let span = counted[low] - counted[low - 1]
      guard span > 0 else { return along[low] }
      let fraction = (meters - counted[low - 1]) / span
      return along[low - 1] + fraction * (along[low] - along[low - 1])
    }
  }
}
