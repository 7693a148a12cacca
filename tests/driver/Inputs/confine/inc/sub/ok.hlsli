static const uint FromInc = 7;
