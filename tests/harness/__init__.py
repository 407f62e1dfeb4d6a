"""Tests of the conformance harness itself (adapters, protocol, runner, reports)."""
