// Una ñandú corre: the error comes after non-ASCII text on its line.
/* ñandú */ const velocidad = 1.0 +;
