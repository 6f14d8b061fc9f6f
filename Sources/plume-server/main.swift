import LeaderboardServer
print("x")
