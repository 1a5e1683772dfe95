"""The Jam-fold tab's Nash chart (sweep): push % and call % against the stack (model and job
without Qt, the page)."""
