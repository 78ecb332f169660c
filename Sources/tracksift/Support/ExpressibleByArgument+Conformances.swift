import ArgumentParser
import TrackSift
import TrackSiftSimulation

// Enumerations taken as command-line values by their raw names.

extension ActivityKind: ExpressibleByArgument {}

extension Smoothing: ExpressibleByArgument {}

extension SimulatedEnvironment: ExpressibleByArgument {}

extension SimulatedDevice: ExpressibleByArgument {}

extension SimulatedPlatform: ExpressibleByArgument {}

extension SimulatedAltimeter: ExpressibleByArgument {}
