"""Each game's observation encoder, one module per game, each declaring its
``cardtable.rl.encoding.Encoding`` in the ``cardtable.rl_encoders`` entry-point group."""
