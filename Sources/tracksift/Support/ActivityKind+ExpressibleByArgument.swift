import ArgumentParser
import TrackSift

extension ActivityKind: ExpressibleByArgument {}

extension Smoothing: ExpressibleByArgument {}
