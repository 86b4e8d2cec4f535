"""Documents (seed 003): every format normalised to one structured markdown, then a hierarchical chunk tree.

One adapter module per format (``pdf_file``, ``docx_file``, ``xlsx_file``, ``csv_file``, ``markdown_file``,
``text_file``, ``html_file``), each through a well-kept parser library; ``formats`` detects and checks the format,
``guard`` refuses oversized files, zip bombs, DTDs and element floods before any parser runs, ``normalize``
dispatches, ``chunker`` builds the heading tree. ``ingest`` takes an upload on the request path (cheap checks,
the bytes kept, a job queued); ``parse_job`` (a background job) parses it in the ``sandbox`` process, stores the
version and its chunk tree and embeds its passages; ``index`` (another background job) runs the seed-000 entity
pipeline, the candidate layer and the topic tags over the document.
"""
