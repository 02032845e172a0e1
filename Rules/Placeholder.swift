// rules
