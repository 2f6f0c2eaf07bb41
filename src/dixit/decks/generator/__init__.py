"""The default deck's generator: seeded scene templates painted with Fluent Emoji artwork.

``plan.plan_deck()`` decides every card (template, subjects, setting, words)
without drawing; ``paint`` draws one card from its plan; ``build`` renders the
whole deck into ``dixit/decks/default`` (``make deck``). Nothing here runs when
a server starts: the rendered images are committed.
"""
