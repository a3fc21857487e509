"""The worksheet functions: each declared where it is defined (:mod:`.registry`), over the
crosstable (:mod:`.individual`) or the team ranges (:mod:`.team`); the checks every call goes
through, the parameters' texts, the results and their cache, and the tables they spill.
Importing :mod:`.individual` registers them all."""
