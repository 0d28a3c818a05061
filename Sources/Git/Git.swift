// Git module
