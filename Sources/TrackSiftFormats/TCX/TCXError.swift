/// The former name of ``XMLReadError``, the error of the GPX and TCX readers.
@available(*, deprecated, renamed: "XMLReadError")
public typealias TCXError = XMLReadError
