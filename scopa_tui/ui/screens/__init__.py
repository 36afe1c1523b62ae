"""The app's screens: new game, game, end of hand, game over, help and dialogs."""
