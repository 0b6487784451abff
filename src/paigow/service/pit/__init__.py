"""The operator's figures: the pit's statements (:mod:`.pit_sql`), the audit of a whole database
(:mod:`.audit`) and what the PAR sheet reads from files (:mod:`.lab_report`). The pit's routes
are :mod:`paigow.service.routes.pit_api`.

May use: the rooms below (:mod:`..kit` to :mod:`..social`).
"""
