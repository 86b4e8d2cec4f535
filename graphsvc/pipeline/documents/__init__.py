"""Documents (seed 003): every format normalised to one structured markdown, then a hierarchical chunk tree.

One adapter module per format (``pdf_file``, ``docx_file``, ``xlsx_file``, ``csv_file``, ``markdown_file``,
``text_file``, ``html_file``), each through a well-kept parser library; ``formats`` detects and checks the format,
``guard`` refuses oversized files and zip bombs before any parser runs, ``normalize`` dispatches, ``chunker``
builds the heading tree, ``ingest`` stores it all in one transaction and ``index`` (a background job) runs the
seed-000 entity pipeline, the candidate layer and the topic tags over the document.
"""
