"""The HTTP adapter: routes translate JSON to use cases and errors to problem+json."""
