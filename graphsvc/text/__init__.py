"""The rule-based text toolbox (ground floor): language, sentences, statements, time phrases, importance,
entity detection, Lucene query terms and token estimates. Imports nothing above the ground floor."""
