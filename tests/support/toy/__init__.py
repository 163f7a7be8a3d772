"""The tests' toy game: one small card game whose options switch on the shapes different tests need
(the rules are in :mod:`tests.support.toy.game`)."""
