"""Tags: ``Tag`` nodes on memories, events, documents and chunks (``TAGGED {origin}``).

``keywords`` finds topics in a text (YAKE for English, jieba's TF-IDF for Chinese); ``assign`` puts automatic
topic tags on documents, their chunks and the day's memories and events, and a person's tags on memories.
"""
