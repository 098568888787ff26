"""The widgets of the game screen, one module each."""
