"""Hint, solver and bot. They use the engine and nothing else (no UI, no disk but shipped data)."""
