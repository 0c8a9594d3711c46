"""Rendering: turn state and command output into rich tables and lines. Never decides rules."""
