const ÿ = 1;
