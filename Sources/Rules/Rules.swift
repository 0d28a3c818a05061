// Rules module
