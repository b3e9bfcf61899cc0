"""The event log: envelopes and their hash chain, the Redis store, and the use cases on top."""
